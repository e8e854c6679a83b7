// What `keyplan serve --workshop` prints for the presenter: the join URL and code big enough to read out,
// the join URL (with the code) as a QR code a phone opens, and the presenter URL, whose fragment is the
// key to the room view (kept apart, and said to be private).
import qrcode from 'qrcode-terminal';

export interface WorkshopBannerUrls {
  code: string;
  joinUrl: string;
  joinUrlWithCode: string;
  presenterUrl: string;
}

function qr(text: string): string {
  let out = '';
  qrcode.generate(text, { small: true }, (drawn) => {
    out = drawn;
  });
  return out;
}

export function workshopBanner(urls: WorkshopBannerUrls): string {
  const spaced = urls.code.split('').join(' ');
  return [
    '',
    'Workshop mode: attendees join with the code; nothing of the API answers them without it.',
    '',
    `  Join:  ${urls.joinUrl}`,
    `  Code:  ${spaced}`,
    '',
    qr(urls.joinUrlWithCode),
    '',
    `  Presenter (the room view; keep this link to yourself, it is the key):`,
    `  ${urls.presenterUrl}`,
    '',
  ].join('\n');
}
