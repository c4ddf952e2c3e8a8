/** One failing field of a request, with the reason in the spec's words. */
export interface FieldError {
  field: string;
  message: string;
}

/** The one error shape every API failure answers with. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string | string[];
  /** The fields at fault; empty when the failure is not about one field (a 404, a 401). */
  errors: FieldError[];
}
