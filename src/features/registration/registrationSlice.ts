// Placeholder: the feature's issue replaces this slice.
import { createSlice } from '@reduxjs/toolkit';

export const registrationSlice = createSlice({ name: 'registration', initialState: {} as Record<string, never>, reducers: {} });
