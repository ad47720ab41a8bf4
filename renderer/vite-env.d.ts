/** Vite's client types (`?worker` imports, `import.meta.env`) for the renderer. */
/// <reference types="vite/client" />
