import { verifyEmailFeature } from '../../app/featureModules/verifyEmail';
import { addPageFeature } from '../../app/pageStore';

// This widget's chunk brings its slice and saga: the page store injects them before it renders.
addPageFeature(verifyEmailFeature);

export { default } from '../../features/verifyEmail/VerifyEmailWidget';
