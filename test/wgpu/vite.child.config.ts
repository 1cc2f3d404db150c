import { defineConfig } from 'vite';
import { nodeBuild } from '../../scripts/node-build.ts';

// The wgpu tests' Deno child (test/wgpu/child.ts), built as the CLI is: the same `?raw` shaders.
export default defineConfig(
  nodeBuild({ child: 'test/wgpu/child.ts' }, 'node_modules/.cache/wgpu-child'),
);
