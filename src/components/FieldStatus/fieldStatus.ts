/** Field validation display (spec section 4): none, error or success, shown only after submit. */
export type FieldStatus = 'none' | 'error' | 'success';

/**
 * An empty field is never a success: it shows its error (e.g. required) or nothing, even when its
 * rules pass (a confirmation left empty "matches" an empty original). Nor is a field the server
 * has just refused (`rejected`): its rules pass, but a green tick would contradict the server's
 * message; it shows nothing until the borrower changes it.
 */
export function fieldStatus(submitted: boolean, error: string | null | undefined, empty = false, rejected = false): FieldStatus {
  if (!submitted) return 'none';
  if (error) return 'error';
  return empty || rejected ? 'none' : 'success';
}

/** antd Form.Item's validateStatus for a field status. */
export function validateStatusOf(status: FieldStatus): 'error' | 'success' | undefined {
  return status === 'none' ? undefined : status;
}
