// Placeholder: the feature's issue replaces this slice.
import { createSlice } from '@reduxjs/toolkit';

export const verifyEmailSlice = createSlice({ name: 'verifyEmail', initialState: {} as Record<string, never>, reducers: {} });
