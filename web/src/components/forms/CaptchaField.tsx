import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import { CAPTCHA_PATH } from '../../lib/leads/getCaptcha';
import { loadAltcha } from './loadAltcha';

interface StateChange {
  state: string;
  payload?: string;
}

/**
 * CaptchaField is the ALTCHA proof of work (issue 9 "Captcha"): the widget
 * fetches a challenge, solves it as soon as the form shows and reports its
 * payload, which the lead carries as `altcha`. onPayload gets "" whenever the
 * widget is not verified (expired, error). Remount it (a new key) for a
 * fresh challenge.
 */
export function CaptchaField({ onPayload, error, errorId }: { onPayload: (payload: string) => void; error?: string; errorId: string }) {
  const ref = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadAltcha().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (e: Event) => {
      const d = (e as CustomEvent<StateChange>).detail;
      onPayload(d?.state === 'verified' ? (d.payload ?? '') : '');
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [onPayload]);
  return (
    <div className="lead-form__captcha">
      <altcha-widget ref={ref} challenge={CAPTCHA_PATH} auto="onload" name="altcha" />
      {failed ? <p className="lead-form__error">The captcha could not load. Please reload the page.</p> : null}
      {error ? (
        <p id={errorId} className="lead-form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
