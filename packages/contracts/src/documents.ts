/**
 * What the API asks the worker to render on the `pdf-render` queue; the job's result is the
 * PDF as base64. The API never launches a browser.
 */
export interface PdfRenderRequest {
  kind: 'quote' | 'invoice';
  /** The quote's id, or the invoice's number. */
  id: string;
  /**
   * Launch a browser for this one document instead of using the warm one: what every PDF
   * would cost without it (bench:pdf measures the difference).
   */
  fresh?: boolean;
}

export interface PdfRenderResult {
  base64: string;
  filename: string;
}
