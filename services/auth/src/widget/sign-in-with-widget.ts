import type { AuthSession } from '../sessions/session-service.ts';
import { type CustomerSignInPorts, type SignInContext, startCustomerSession } from '../sign-in/ports.ts';
import type { WidgetService } from './widget-service.ts';

/** Use case: the provider confirms the widget token and names the number (never the request); its customer gets a session. */
export async function signInWithWidget(
  ports: CustomerSignInPorts & { widget: Pick<WidgetService, 'verify'> },
  input: { token: string } & SignInContext,
): Promise<AuthSession> {
  const mobile = await ports.widget.verify(input.token);
  return startCustomerSession(ports, mobile, input);
}
