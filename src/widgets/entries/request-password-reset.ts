import { requestPasswordResetFeature } from '../../app/featureModules/requestPasswordReset';
import { addPageFeature } from '../../app/pageStore';

// This widget's chunk brings its slice and saga: the page store injects them before it renders.
addPageFeature(requestPasswordResetFeature);

export { default } from '../../features/passwordReset/RequestPasswordResetWidget';
