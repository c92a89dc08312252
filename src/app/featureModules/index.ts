/**
 * Every feature, in the root reducer's order, with its sagas at hand: the full store (tests, QA
 * recording, replay) injects them all and starts their sagas at once. A page imports only its
 * widgets' features (src/widgets/entries), whose sagas download after the first view; never this.
 */
import { goGreenSaga } from '../../features/goGreen/goGreenSaga';
import { loginSaga } from '../../features/login/loginSaga';
import { popupsSaga } from '../../features/popups/popupsSaga';
import { profileSaga } from '../../features/profile/profileSaga';
import { recoverUsernameSaga } from '../../features/recoverUsername/recoverUsernameSaga';
import { registrationSaga } from '../../features/registration/registrationSaga';
import { passwordResetSaga } from '../../features/passwordReset/passwordResetSaga';
import { verifyEmailSaga } from '../../features/verifyEmail/verifyEmailSaga';
import type { WidgetName } from '../../platform/widgetCatalog';
import type { Feature, FeatureSaga, FeatureWithSagas } from '../feature';
import { goGreenFeature } from './goGreen';
import { loginFeature } from './login';
import { popupsFeature } from './popups';
import { profileFeature } from './profile';
import { recoverUsernameFeature } from './recoverUsername';
import { registrationFeature } from './registration';
import { requestPasswordResetFeature } from './requestPasswordReset';
import { resetPasswordFeature } from './resetPassword';
import { verifyEmailFeature } from './verifyEmail';

const withSagas = (feature: Feature, ...sagas: FeatureSaga[]): FeatureWithSagas => ({ ...feature, sagas });

/** One feature per widget of the catalog (src/platform/widgetCatalog.ts): a widget without its feature does not compile. */
export const FEATURE_OF_WIDGET: Readonly<Record<WidgetName, FeatureWithSagas>> = {
  registration: withSagas(registrationFeature, registrationSaga),
  'recover-username': withSagas(recoverUsernameFeature, recoverUsernameSaga),
  'request-password-reset': withSagas(requestPasswordResetFeature, passwordResetSaga),
  'reset-password': withSagas(resetPasswordFeature, passwordResetSaga),
  'verify-email': withSagas(verifyEmailFeature, verifyEmailSaga),
  login: withSagas(loginFeature, loginSaga),
  'go-green': withSagas(goGreenFeature, goGreenSaga),
  profile: withSagas(profileFeature, profileSaga),
  popups: withSagas(popupsFeature, popupsSaga),
};

export const ALL_FEATURES: readonly FeatureWithSagas[] = Object.values(FEATURE_OF_WIDGET);
