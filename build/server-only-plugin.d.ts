import type { Compiler } from 'webpack';
export function isServerOnlyFile(relative: string): boolean;
export function packageOf(resource: string): string | null;
export class ServerOnlyPlugin {
  apply(compiler: Compiler): void;
}
