import type { FieldDefinition } from '@kassa/domain/contract/organisation';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type { Reservation } from '@kassa/domain/contract/reservation';
import { useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { CustomerForm, type CustomerFormProps } from '@/features/checkout/components/customer-form';
import { isApiError } from '@/lib/api-error';
import { errorKey } from '@/lib/error-message';
import { useEditReservation } from '../api/edit-reservation';
import { customerValues, namesAndEmailGiven } from '../utils/customer-values';

interface CustomerDetailsProps {
  reservation: Reservation;
  definitions: readonly FieldDefinition[];
  allowBusiness: boolean;
}

type Message = { tone: 'success' | 'danger'; text: string } | null;

/** The stored details in view mode: names, e-mail, company and the custom fields that have a value. */
function DetailsList({
  reservation,
  definitions,
}: Pick<CustomerDetailsProps, 'reservation' | 'definitions'>) {
  const { t } = useTranslation();
  const { customer } = reservation;
  const rows: { label: string; value: string }[] = [
    { label: t('reservation.overview.name'), value: `${customer.first_name} ${customer.last_name}` },
    { label: t('customer.email'), value: customer.email },
  ];
  if (customer.company) rows.push({ label: t('customer.company'), value: customer.company });
  if (customer.vat_id) rows.push({ label: t('customer.vat_id'), value: customer.vat_id });
  if (customer.address) rows.push({ label: t('customer.address'), value: customer.address });
  if (customer.city) rows.push({ label: t('customer.city'), value: customer.city });
  for (const definition of definitions) {
    const value = customer.fields[String(definition.id)];
    if (value === undefined || value === '' || definition.type === 'EMAIL_CONFIRM') continue;
    const shown =
      typeof value === 'boolean' ? t(value ? 'reservation.overview.yes' : 'reservation.overview.no') : value;
    rows.push({ label: definition.name, value: shown });
  }
  return (
    <dl className="kassa-reservation-details">
      {rows.map((row) => (
        <div key={row.label} className="kassa-reservation-details__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The reservation's customer data with its edit form (docs/storefront.md
 * §4.15): view mode, then editing (cancel restores the stored values, as the
 * form starts from them each time), then saving, which ends in the success
 * message and view mode with the reservation reloaded, or an error
 * (errors.{code}, or errors.error_unknown). Editing is offered unless
 * allow_changes is false.
 */
export function CustomerDetails({ reservation, definitions, allowBusiness }: CustomerDetailsProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [showAllErrors, setShowAllErrors] = useState(false);
  const result = useRef<OrderCustomer | null>(null);
  const edit = useEditReservation(reservation.hash);
  const editButton = useRef<HTMLButtonElement>(null);
  const productIds = [
    reservation.product,
    ...reservation.additional_reservations.map((item) => item.product),
  ].map((product) => product.id);

  function startEditing() {
    setMessage(null);
    setShowAllErrors(false);
    result.current = null;
    setEditing(true);
  }

  function cancel() {
    setEditing(false);
    setMessage(null);
    requestAnimationFrame(() => editButton.current?.focus());
  }

  function save() {
    const customer = result.current;
    if (!customer || !namesAndEmailGiven(customer)) {
      setShowAllErrors(true);
      setMessage({ tone: 'danger', text: t('reservation.overview.edit.validation') });
      return;
    }
    setMessage(null);
    edit.mutate(
      {
        customer: {
          first_name: customer.first_name,
          last_name: customer.last_name,
          email: customer.email,
          company: customer.company ?? null,
          vat_id: customer.vat_id ?? null,
          address: customer.address ?? null,
          city: customer.city ?? null,
          fields: customer.fields,
        },
      },
      {
        onSuccess() {
          setEditing(false);
          setMessage({ tone: 'success', text: t('reservation.overview.edit.success') });
          requestAnimationFrame(() => editButton.current?.focus());
        },
        onError(error) {
          const code = isApiError(error) ? error.code : undefined;
          setMessage({ tone: 'danger', text: t(errorKey(code, 'error_unknown')) });
        },
      },
    );
  }

  const formProps: CustomerFormProps = {
    definitions,
    productIds,
    allowBusiness,
    client: null,
    rebooking: false,
    initial: customerValues(reservation.customer, definitions),
    onChange: () => undefined,
    onResult: (customer) => {
      result.current = customer;
    },
    showAllErrors,
  };

  return (
    <section className="kassa-reservation-customer" aria-labelledby="reservation-customer-title">
      <h2 id="reservation-customer-title" className="kassa-reservation__step-title">
        {t('reservation.overview.customer')}
      </h2>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {editing ? (
        <form
          className="kassa-reservation-customer__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <CustomerForm {...formProps} />
          <div className="kassa-reservation__nav">
            <button type="button" className="kassa-button kassa-button--secondary" onClick={cancel}>
              {t('reservation.overview.edit.cancel')}
            </button>
            <button
              type="submit"
              className="kassa-button"
              disabled={edit.isPending}
              aria-busy={edit.isPending}
            >
              {edit.isPending ? t('reservation.overview.edit.saving') : t('reservation.overview.edit.save')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <DetailsList reservation={reservation} definitions={definitions} />
          {reservation.allow_changes && (
            <button
              ref={editButton}
              type="button"
              className="kassa-button kassa-button--secondary"
              onClick={startEditing}
            >
              {t('reservation.overview.edit.start')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
