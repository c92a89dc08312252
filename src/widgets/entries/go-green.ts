import { goGreenFeature } from '../../app/featureModules/goGreen';
import { addPageFeature } from '../../app/pageStore';

// This widget's chunk brings its slice and saga: the page store injects them before it renders.
addPageFeature(goGreenFeature);

export { default } from '../../features/goGreen/GoGreenWidget';
