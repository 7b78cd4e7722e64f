// Renders the app's install icons from the one source image, src/web/public/icon.svg, so every
// size says the same thing. Run after changing the SVG: `node scripts/make-icons.mjs`; the PNGs
// are checked in (the build does not need sharp's native code).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../src/web/public', import.meta.url));
const source = readFileSync(join(publicDir, 'icon.svg'));
/** The source image's own red, so a maskable icon's crop never shows another colour. */
const BRAND_RED = '#ef4444';
/**
 * A maskable icon must keep its content inside the centre circle of 80% diameter; the source's
 * drawing fills 100%, so it is drawn at 70% on a full-bleed red square.
 */
const MASKABLE_CONTENT = 0.7;

async function plain(size, file) {
  await sharp(source, { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, 'icons', file));
}

async function onRed(size, file, content) {
  const inner = Math.round(size * content);
  const drawing = await sharp(source, { density: 72 * (inner / 64) * 2 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND_RED } })
    .composite([{ input: drawing, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, 'icons', file));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await onRed(192, 'maskable-192.png', MASKABLE_CONTENT);
await onRed(512, 'maskable-512.png', MASKABLE_CONTENT);
// iOS rounds the corners itself and shows black behind transparency: a full square, no margin
// beyond the drawing's own.
await onRed(180, 'apple-touch-icon.png', 0.86);
console.log(`Icons written to ${join(publicDir, 'icons')}`);
