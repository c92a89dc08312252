import { resetPasswordFeature } from '../../app/featureModules/resetPassword';
import { addPageFeature } from '../../app/pageStore';

// This widget's chunk brings its slice and saga: the page store injects them before it renders.
addPageFeature(resetPasswordFeature);

export { default } from '../../features/passwordReset/ResetPasswordWidget';
