// A program Kassa's tools run from Debian's packages, never from a download
// (no download works on these machines): finds it, installs its package when
// we may (root), or says exactly what to install. Exits the process.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {{ label: string, debianPackage: string, defaultPath: string, pathVariable: string, neededFor: string, binaryKind: string }} program
 *   label: how people call it ("Chromium"); binaryKind: what PATH variable should point at ("a Chromium binary").
 */
export function ensureDebianProgram({
  label,
  debianPackage,
  defaultPath,
  pathVariable,
  neededFor,
  binaryKind,
}) {
  const configured = process.env[pathVariable]?.trim();
  const programPath = configured || defaultPath;

  if (isExecutable(programPath)) {
    console.log(`${label}: ${programPath}`);
    process.exit(0);
  }

  if (configured) {
    console.error(
      `${pathVariable} is set to ${configured}, but no executable is there. Point it at ${binaryKind} or unset it to use ${defaultPath}.`,
    );
    process.exit(1);
  }

  if (process.getuid?.() === 0) {
    console.log(`${label} is missing at ${defaultPath}: installing Debian's ${debianPackage} package…`);
    try {
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', debianPackage], {
        stdio: 'inherit',
        env,
      });
    } catch {
      console.error(`Installing ${debianPackage} with apt-get failed; see the output above.`);
      process.exit(1);
    }
    if (isExecutable(defaultPath)) {
      console.log(`${label}: ${defaultPath}`);
      process.exit(0);
    }
    console.error(`apt-get finished, but ${defaultPath} is still missing.`);
    process.exit(1);
  }

  console.error(
    [
      `${label} is needed for ${neededFor} and was not found at ${defaultPath}.`,
      `Install it with:   sudo apt-get update && sudo apt-get install -y ${debianPackage}`,
      `or point ${pathVariable} at ${binaryKind}.`,
    ].join('\n'),
  );
  process.exit(1);
}
