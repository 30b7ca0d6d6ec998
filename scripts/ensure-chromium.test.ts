import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, ensureChromium, INSTALL_COMMAND } from './ensure-chromium.mjs';

/** A machine: which files exist, who we are, and every command run (installing creates Chromium). */
const machine = ({
  files,
  isRoot,
  installWorks = true,
}: {
  files: string[];
  isRoot: boolean;
  installWorks?: boolean;
}) => {
  const present = new Set(files);
  const ran: string[] = [];
  const printed: string[] = [];
  const errors: string[] = [];
  return {
    ran,
    printed,
    errors,
    effects: {
      exists: (file: string) => present.has(file),
      isRoot,
      run: (command: string, args: string[]) => {
        ran.push([command, ...args].join(' '));
        if (installWorks && args[0] === 'install') present.add(DEBIAN_CHROMIUM);
        return 0;
      },
      log: (line: string) => printed.push(line),
      fail: (line: string) => errors.push(line),
    },
  };
};

describe('ensureChromium', () => {
  it('does nothing when Chromium is there', () => {
    const m = machine({ files: [DEBIAN_CHROMIUM, '/usr/bin/apt-get'], isRoot: true });
    expect(ensureChromium(m.effects)).toBe(true);
    expect(m.ran).toEqual([]);
    expect([...m.printed, ...m.errors]).toEqual([]);
  });

  it('installs Debian chromium when missing and running as root with apt-get, saying so', () => {
    const m = machine({ files: ['/usr/bin/apt-get'], isRoot: true });
    expect(ensureChromium(m.effects)).toBe(true);
    expect(m.ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
    expect(m.printed.join('\n')).toContain('apt-get install -y -qq chromium');
    expect(m.errors).toEqual([]);
  });

  it('stops with the command to run when missing and not root', () => {
    const m = machine({ files: ['/usr/bin/apt-get'], isRoot: false });
    expect(ensureChromium(m.effects)).toBe(false);
    expect(m.ran).toEqual([]);
    expect(m.errors).toHaveLength(1);
    expect(m.errors[0]).toContain(INSTALL_COMMAND);
  });

  it('stops with the command to run when root has no apt-get', () => {
    const m = machine({ files: [], isRoot: true });
    expect(ensureChromium(m.effects)).toBe(false);
    expect(m.ran).toEqual([]);
    expect(m.errors[0]).toContain(INSTALL_COMMAND);
  });

  it('fails when the install leaves no browser behind', () => {
    const m = machine({ files: ['/usr/bin/apt-get'], isRoot: true, installWorks: false });
    expect(ensureChromium(m.effects)).toBe(false);
    expect(m.ran).toHaveLength(2);
    expect(m.errors[0]).toContain('still missing');
  });

  it('uses a CHROMIUM_PATH that exists, and never installs over one that does not', () => {
    const custom = '/opt/chrome/chrome';
    const there = machine({ files: [custom], isRoot: true });
    expect(ensureChromium({ ...there.effects, chromiumPath: custom })).toBe(true);
    const missing = machine({ files: ['/usr/bin/apt-get'], isRoot: true });
    expect(ensureChromium({ ...missing.effects, chromiumPath: custom })).toBe(false);
    expect(missing.ran).toEqual([]);
    expect(missing.errors[0]).toContain(`CHROMIUM_PATH=${custom}`);
  });
});
