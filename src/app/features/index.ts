/**
 * Every feature, in the root reducer's order: the full store (tests, QA recording, replay)
 * injects them all. A page imports only its widgets' features (src/widgets/entries), never this.
 */
import type { Feature } from '../feature';
import { goGreenFeature } from './goGreen';
import { loginFeature } from './login';
import { popupsFeature } from './popups';
import { profileFeature } from './profile';
import { recoverUsernameFeature } from './recoverUsername';
import { registrationFeature } from './registration';
import { requestPasswordResetFeature } from './requestPasswordReset';
import { resetPasswordFeature } from './resetPassword';
import { verifyEmailFeature } from './verifyEmail';

export const ALL_FEATURES: readonly Feature[] = [
  registrationFeature,
  recoverUsernameFeature,
  requestPasswordResetFeature,
  resetPasswordFeature,
  verifyEmailFeature,
  loginFeature,
  goGreenFeature,
  profileFeature,
  popupsFeature,
];
