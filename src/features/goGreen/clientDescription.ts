import Bowser from 'bowser';
import type { GoGreenOptIn } from '../../api/schemas';

const UNKNOWN = 'Unknown';

/** "156.0.7390.54" -> "156.0": the consent record needs the release, not the build. */
function majorMinor(version: string | undefined): string {
  return version ? version.split('.').slice(0, 2).join('.') : '';
}

/** The client facts the opt-in consent records (spec section 3): time zone, browser and OS. */
export function describeClient(
  userAgent: string = navigator.userAgent,
  timeZone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone,
): Omit<GoGreenOptIn, 'email'> {
  // bowser throws on an empty user agent (some privacy tools send none)
  const parsed = userAgent.trim() ? Bowser.parse(userAgent) : null;
  const browser = [parsed?.browser.name, majorMinor(parsed?.browser.version)].filter(Boolean).join(' ');
  return {
    time_zone: timeZone || 'UTC',
    browser: browser || UNKNOWN,
    os: parsed?.os.name || UNKNOWN,
  };
}
