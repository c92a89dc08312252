// Placeholder: the feature's issue replaces this slice.
import { createSlice } from '@reduxjs/toolkit';

export const resetPasswordSlice = createSlice({ name: 'resetPassword', initialState: {} as Record<string, never>, reducers: {} });
