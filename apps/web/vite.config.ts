import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One JS file and one CSS file, relative URLs: `gamut report` inlines both into
// a self-contained report.html, and `gamut view` serves them as they are.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    cssCodeSplit: false,
    assetsInlineLimit: 100_000_000,
    modulePreload: false,
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
