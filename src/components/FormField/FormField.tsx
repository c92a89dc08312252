/**
 * @deprecated Moved to `components/LabelledField/LabelledField.tsx` (`LabelledField`), so it is not
 * mistaken for `components/FormFields/`. Kept only for goGreen's EmailStep, being edited on another
 * branch; delete this file once it imports LabelledField.
 */
export { LabelledField as FormField } from '../LabelledField/LabelledField';
