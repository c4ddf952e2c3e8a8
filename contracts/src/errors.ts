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
  errors?: FieldError[];
}
