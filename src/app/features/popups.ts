import { popupsSaga } from '../../features/popups/popupsSaga';
import { popupsSlice } from '../../features/popups/popupsSlice';
import type { Feature } from '../feature';

export const popupsFeature: Feature = { name: 'popups', slices: [popupsSlice], sagas: [popupsSaga] };
