// Saves text as a file through the browser's download (a Blob URL and an <a download>).

const MIME: Record<string, string> = {
  json: 'application/json',
  yaml: 'application/yaml',
  typescript: 'text/typescript',
  python: 'text/x-python',
  hcl: 'text/plain',
};

export function downloadText(text: string, filename: string, language: string): void {
  const blob = new Blob([text], { type: `${MIME[language] ?? 'text/plain'};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
