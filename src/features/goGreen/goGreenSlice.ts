// Placeholder: the feature's issue replaces this slice.
import { createSlice } from '@reduxjs/toolkit';

export const goGreenSlice = createSlice({ name: 'goGreen', initialState: {} as Record<string, never>, reducers: {} });
