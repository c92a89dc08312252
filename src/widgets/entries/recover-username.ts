import { recoverUsernameFeature } from '../../app/featureModules/recoverUsername';
import { addPageFeature } from '../../app/pageStore';

// This widget's chunk brings its slice and saga: the page store injects them before it renders.
addPageFeature(recoverUsernameFeature);

export { default } from '../../features/recoverUsername/RecoverUsernameWidget';
