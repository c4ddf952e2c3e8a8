// Jest cannot parse CSS; Vite handles it in the real build.
export default {};
