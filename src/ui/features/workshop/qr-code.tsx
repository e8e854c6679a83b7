// A QR code as inline SVG (qr's module matrix drawn as one path): crisp at any size, no data URL or inline
// markup the Content-Security-Policy would have to allow. Dark modules on white in both themes, since a
// phone's scanner expects dark on light.
import encodeQR from 'qr';
import { useMemo } from 'react';

export function QrCode({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { path, modules } = useMemo(() => {
    const matrix = encodeQR(text, 'raw', { ecc: 'medium', border: 2 });
    let d = '';
    matrix.forEach((row, y) => {
      let x = 0;
      while (x < row.length) {
        if (!row[x]) {
          x++;
          continue;
        }
        const start = x;
        while (x < row.length && row[x]) x++;
        d += `M${start} ${y}h${x - start}v1h${start - x}z`;
      }
    });
    return { path: d, modules: matrix.length };
  }, [text]);
  return (
    <svg
      className="qr-code"
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
