import { execFileSync } from 'node:child_process';

/** The text of a PDF, as poppler's pdftotext reads it (apt: poppler-utils). */
export function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes, maxBuffer: 10 * 1024 * 1024 }).toString('utf8');
}
