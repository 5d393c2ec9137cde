import { crc32, deflateSync } from 'node:zlib';

/**
 * Placeholder pictures for the demo's logos and galleries, drawn as PNG so that the seeded uploads
 * are real image files (no photo is shipped in the repository). A PNG is a signature and three chunks.
 */

type Rgb = readonly [number, number, number];
const bytesOf = (color: Rgb) => Buffer.from(color);

export interface DemoImage {
  width: number;
  height: number;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/** `paintRow` fills one row of `width * 3` RGB bytes; whole rows keep this fast without a native library. */
function encodePng(width: number, height: number, paintRow: (y: number, row: Buffer) => void): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per channel
  header.writeUInt8(2, 9); // true colour RGB
  const rowLength = 1 + width * 3;
  const raw = Buffer.alloc(rowLength * height); // each row starts with filter byte 0 (none)
  for (let y = 0; y < height; y++) {
    paintRow(y, raw.subarray(y * rowLength + 1, (y + 1) * rowLength));
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const parseHex = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];

const mix = (from: Rgb, to: Rgb, ratio: number): Rgb =>
  [0, 1, 2].map((channel) => Math.round(from[channel] + (to[channel] - from[channel]) * ratio)) as unknown as Rgb;

const WHITE: Rgb = [255, 255, 255];

/** A square logo: the brand colour with a light diagonal band. */
export function drawLogo(hexColor: string, size: number): DemoImage {
  const color = parseHex(hexColor);
  const light = mix(color, WHITE, 0.55);
  const [colorBytes, lightBytes] = [bytesOf(color), bytesOf(light)];
  const halfBand = Math.round(size / 6);
  const bytes = encodePng(size, size, (y, row) => {
    row.fill(colorBytes);
    const from = Math.max(0, y - halfBand);
    const to = Math.min(size, y + halfBand);
    row.fill(lightBytes, from * 3, to * 3);
  });
  return { width: size, height: size, bytes };
}

/** A gallery picture: a vertical gradient from the brand colour to a lighter shade, with a horizon line. */
export function drawPicture(hexColor: string, width: number, height: number, variant: number): DemoImage {
  const color = parseHex(hexColor);
  const horizon = Math.round(height * (0.45 + 0.1 * (variant % 3)));
  const bytes = encodePng(width, height, (y, row) =>
    row.fill(bytesOf(y === horizon ? WHITE : mix(color, WHITE, (y / height) * (y < horizon ? 0.3 : 0.7)))),
  );
  return { width, height, bytes };
}
