import { Prisma } from '../generated/prisma/client.ts';

interface DriverAdapterMeta {
  driverAdapterError?: { cause?: { originalCode?: unknown } };
}

/**
 * A unique-constraint violation: Prisma's P2002, or PostgreSQL's 23505 as reported through the driver
 * adapter (`meta.driverAdapterError.cause.originalCode`).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === 'P2002') return true;
  const meta = error.meta as DriverAdapterMeta | undefined;
  return meta?.driverAdapterError?.cause?.originalCode === '23505';
}

/**
 * The database's no-double-booking guard refused an appointment (SQLSTATE 23P01 from the trigger
 * `appointment_no_double_booking`, record 0033), as Prisma reports it.
 */
export function isDoubleBooking(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const meta = error.meta as DriverAdapterMeta | undefined;
  return meta?.driverAdapterError?.cause?.originalCode === '23P01';
}
