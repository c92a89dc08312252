// Placeholder: the feature's issue replaces this slice.
import { createSlice } from '@reduxjs/toolkit';

export const popupsSlice = createSlice({ name: 'popups', initialState: {} as Record<string, never>, reducers: {} });
