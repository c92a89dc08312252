import { profileFeature } from '../../app/featureModules/profile';
import { addPageFeature } from '../../app/pageStore';

// This widget's chunk brings its slice and saga: the page store injects them before it renders.
addPageFeature(profileFeature);

export { default } from '../../features/profile/ProfileWidget';
