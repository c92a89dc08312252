import packageJson from '../../../package.json';

/** The portal's version (package.json), written into every recording. */
export const APP_VERSION: string = packageJson.version;
