// Types of scripts/node-bundle.mjs for the TypeScript that imports it (the unit tests' CLI bundle).
import type { Plugin } from 'esbuild';

export const BUNDLED_PACKAGES: Set<string>;
export const LEFT_OUT: string[];
export function packageName(spec: string): string;
export function packageDir(root: string, name: string): string;
export function nodeBundlePlugins(root: string): Plugin[];
export const SDK_STAND_INS: string[];
