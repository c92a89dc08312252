// Placeholder: the feature's issue replaces this slice.
import { createSlice } from '@reduxjs/toolkit';

export const requestPasswordResetSlice = createSlice({ name: 'requestPasswordReset', initialState: {} as Record<string, never>, reducers: {} });
