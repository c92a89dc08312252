import { registrationSaga } from '../../features/registration/registrationSaga';
import { registrationSlice } from '../../features/registration/registrationSlice';
import type { Feature } from '../feature';

export const registrationFeature: Feature = { name: 'registration', slices: [registrationSlice], sagas: [registrationSaga] };
