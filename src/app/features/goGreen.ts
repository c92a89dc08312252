import { goGreenSaga } from '../../features/goGreen/goGreenSaga';
import { goGreenSlice } from '../../features/goGreen/goGreenSlice';
import type { Feature } from '../feature';

export const goGreenFeature: Feature = { name: 'go-green', slices: [goGreenSlice], sagas: [goGreenSaga] };
