// Which Vulkan drivers the Node GPU tests (and bench:against) run on. SwiftShader (from Debian's
// chromium) always; Mesa lavapipe too where version 25 or newer is installed (older ones are
// rejected by Dawn), so every kernel is checked on two independent CPU implementations, one with
// shader-f16.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';
const LAVAPIPE_ICDS = [
  '/usr/share/vulkan/icd.d/lvp_icd.json',
  '/usr/share/vulkan/icd.d/lvp_icd.x86_64.json',
];

function mesaMajorVersion(): number | null {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format syntax
    const version = execFileSync('dpkg-query', ['-W', '-f=${Version}', 'mesa-vulkan-drivers'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return Number.parseInt(version, 10);
  } catch {
    return null; // not a dpkg system, or not installed through it
  }
}

export function swiftshaderIcd(): string | null {
  return existsSync(SWIFTSHADER_ICD) ? SWIFTSHADER_ICD : null;
}

export function lavapipeIcd(): string | null {
  const icd = LAVAPIPE_ICDS.find((p) => existsSync(p));
  if (!icd) return null;
  const major = mesaMajorVersion();
  return major === null || major >= 25 ? icd : null;
}

/** Environment for a test project pinned to one Vulkan driver. */
export const vulkanEnv = (icd: string) => ({ VK_ICD_FILENAMES: icd, NODEVICE_SELECT: '1' });
