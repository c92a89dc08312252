/** Field validation display (spec section 4): none, error or success, shown only after submit. */
export type FieldStatus = 'none' | 'error' | 'success';

export function fieldStatus(submitted: boolean, error: string | null | undefined): FieldStatus {
  if (!submitted) return 'none';
  return error ? 'error' : 'success';
}

/** antd Form.Item's validateStatus for a field status. */
export function validateStatusOf(status: FieldStatus): 'error' | 'success' | undefined {
  return status === 'none' ? undefined : status;
}
