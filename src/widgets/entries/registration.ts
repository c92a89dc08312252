import { registrationFeature } from '../../app/featureModules/registration';
import { addPageFeature } from '../../app/pageStore';

// This widget's chunk brings its slice and saga: the page store injects them before it renders.
addPageFeature(registrationFeature);

export { default } from '../../features/registration/RegistrationWidget';
