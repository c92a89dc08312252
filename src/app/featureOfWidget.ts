/**
 * Every widget's feature, in the root reducer's order, with its sagas at hand: the full store
 * (tests, QA recording, replay) injects them all and starts their sagas at once, and the root
 * reducer (rootReducer.ts) is built from their slices. Each feature comes from its widget's feature
 * module (src/features/<feature>/<name>Widget.feature.ts, without the components), plus its saga imported here eagerly. A page
 * imports only its widgets' entries (src/widgets/registry.ts), whose sagas download after the
 * first view; never this.
 * Written by scripts/widgetTables.ts from the catalog (`npm run widgets`): do not edit by hand.
 */
import { goGreenSaga } from '../features/goGreen/goGreenSaga';
import { feature as goGreen } from '../features/goGreen/goGreenWidget.feature';
import { loginSaga } from '../features/login/loginSaga';
import { feature as login } from '../features/login/loginWidget.feature';
import { passwordResetSaga } from '../features/passwordReset/passwordResetSaga';
import { feature as requestPasswordReset } from '../features/passwordReset/requestPasswordResetWidget.feature';
import { feature as resetPassword } from '../features/passwordReset/resetPasswordWidget.feature';
import { popupsSaga } from '../features/popups/popupsSaga';
import { feature as popups } from '../features/popups/popupsWidget.feature';
import { profileSaga } from '../features/profile/profileSaga';
import { feature as profile } from '../features/profile/profileWidget.feature';
import { recoverUsernameSaga } from '../features/recoverUsername/recoverUsernameSaga';
import { feature as recoverUsername } from '../features/recoverUsername/recoverUsernameWidget.feature';
import { registrationSaga } from '../features/registration/registrationSaga';
import { feature as registration } from '../features/registration/registrationWidget.feature';
import { sessionTimeoutSaga } from '../features/sessionTimeout/sessionTimeoutSaga';
import { feature as sessionTimeout } from '../features/sessionTimeout/sessionTimeoutWidget.feature';
import { verifyEmailSaga } from '../features/verifyEmail/verifyEmailSaga';
import { feature as verifyEmail } from '../features/verifyEmail/verifyEmailWidget.feature';
import type { Feature, FeatureSaga, FeatureWithSagas } from '../state/feature';
import type { WidgetName } from '../platform/widgetCatalog';

/** The entry's feature with its sagas at hand; its slices keep their own types (RootState is built from them). */
interface WithSagas<S extends Feature['slices']> extends FeatureWithSagas {
  readonly slices: S;
}

const withSagas = <S extends Feature['slices']>(feature: Feature & { readonly slices: S }, ...sagas: FeatureSaga[]): WithSagas<S> => ({
  ...feature,
  sagas,
});

/**
 * One feature per widget of the catalog (src/platform/widgetCatalog.ts), in its order: a widget without its
 * feature, or a feature without a catalog row, does not compile.
 */
export const FEATURE_OF_WIDGET = {
  registration: withSagas(registration, registrationSaga),
  'recover-username': withSagas(recoverUsername, recoverUsernameSaga),
  'request-password-reset': withSagas(requestPasswordReset, passwordResetSaga),
  'reset-password': withSagas(resetPassword, passwordResetSaga),
  'verify-email': withSagas(verifyEmail, verifyEmailSaga),
  'go-green': withSagas(goGreen, goGreenSaga),
  popups: withSagas(popups, popupsSaga),
  login: withSagas(login, loginSaga),
  profile: withSagas(profile, profileSaga),
  'session-timeout': withSagas(sessionTimeout, sessionTimeoutSaga),
} as const satisfies Readonly<Record<WidgetName, FeatureWithSagas>>;

export const ALL_FEATURES: readonly FeatureWithSagas[] = Object.values(FEATURE_OF_WIDGET);
