import { loginFeature } from '../../app/featureModules/login';
import { addPageFeature } from '../../app/pageStore';

// This widget's chunk brings its slice and saga: the page store injects them before it renders.
addPageFeature(loginFeature);

export { default } from '../../features/login/LoginWidget';
