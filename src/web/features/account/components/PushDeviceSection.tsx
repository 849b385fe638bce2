import { useId } from 'react';
import { PUSH_MESSAGES } from '../../../../shared/push.ts';
import { Alert } from '../../../components/Alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePushDeviceState, useTurnOffPush, useTurnOnPush } from '../api/push-device.ts';
import { browserPushDevice, type PushDevice } from '../lib/push-device.ts';
import './push-device.css';

let browserDevice: PushDevice | undefined;
const thisBrowser = () => (browserDevice ??= browserPushDevice());

interface PushDeviceSectionProps {
  /** This browser (tests give their own). */
  device?: PushDevice;
}

/**
 * Account Settings, 'Notifications on this device' (docs/product/notifications.md 'Web push'): turns
 * web push on or off for the browser in hand. Nothing is registered until the person asks.
 */
export function PushDeviceSection({ device = thisBrowser() }: PushDeviceSectionProps) {
  const headingId = useId();
  const state = usePushDeviceState(device);
  const turnOn = useTurnOnPush(device);
  const turnOff = useTurnOffPush(device);
  const busy = turnOn.isPending || turnOff.isPending;

  const onTurnOn = () => {
    if (busy) return;
    turnOff.reset();
    // Asked here, in the tap itself: browsers show the question only to a person's gesture.
    turnOn.mutate(device.requestPermission());
  };
  const onTurnOff = () => {
    if (busy) return;
    turnOn.reset();
    turnOff.mutate(undefined);
  };

  const body = () => {
    if (!device.supported) return <p>{PUSH_MESSAGES.unsupported}</p>;
    if (!state.data) {
      return state.isError ? <p>{PUSH_MESSAGES.unsupported}</p> : <p>{PUSH_MESSAGES.checking}</p>;
    }
    if (state.data.permission === 'denied') return <Alert tone="info">{PUSH_MESSAGES.blocked}</Alert>;
    if (state.data.subscribed) {
      return (
        <>
          <p>{PUSH_MESSAGES.on}</p>
          <div className="form__actions">
            <button type="button" className="button button--secondary" disabled={busy} onClick={onTurnOff}>
              {turnOff.isPending ? PUSH_MESSAGES.turningOff : PUSH_MESSAGES.turnOff}
            </button>
          </div>
        </>
      );
    }
    return (
      <>
        <p>{PUSH_MESSAGES.offIntro}</p>
        {turnOn.data === 'default' && <Alert tone="info">{PUSH_MESSAGES.notAllowed}</Alert>}
        {turnOn.isError && <Alert tone="error">{errorMessage(turnOn.error, PUSH_MESSAGES.failed)}</Alert>}
        {turnOff.isSuccess && <Alert tone="success">{PUSH_MESSAGES.turnedOff}</Alert>}
        <div className="form__actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={onTurnOn}>
            {turnOn.isPending ? PUSH_MESSAGES.turningOn : PUSH_MESSAGES.turnOn}
          </button>
        </div>
      </>
    );
  };

  return (
    <section className="push-device" aria-labelledby={headingId}>
      <h3 id={headingId} className="section-title">
        {PUSH_MESSAGES.heading}
      </h3>
      {body()}
    </section>
  );
}
