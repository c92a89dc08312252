import { popupsFeature } from '../../app/featureModules/popups';
import { addPageFeature } from '../../app/pageStore';

// This widget's chunk brings its slice and saga: the page store injects them before it renders.
addPageFeature(popupsFeature);

export { default } from '../../features/popups/PopupsWidget';
