import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The text of a PDF, as poppler's pdftotext reads it (apt: poppler-utils). */
export function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes, maxBuffer: 10 * 1024 * 1024 }).toString('utf8');
}

/** How many images a PDF holds, as poppler's pdfimages lists them (apt: poppler-utils). */
export function pdfImageCount(bytes: Buffer): number {
  const directory = mkdtempSync(join(tmpdir(), 'pdf-images-'));
  try {
    const file = join(directory, 'document.pdf');
    writeFileSync(file, bytes);
    // Two header lines, then one line per image.
    return execFileSync('pdfimages', ['-list', file]).toString('utf8').trim().split('\n').length - 2;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
