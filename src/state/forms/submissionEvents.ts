/**
 * Events of the submit flows beyond createFormSlice's own; they tell the story and change no
 * state. The slices declare them (first view); the sagas that put them come with the flows.
 */
export const submissionEvents = {
  /** submit was pressed while a field is invalid: nothing is sent */
  validationFailed() {},
};

/** Only the flows with a captcha (registration, recover username, request password reset). */
export const captchaEvents = {
  /** the captcha token arrived (the token itself never goes into an action) */
  captchaObtained() {},
};
