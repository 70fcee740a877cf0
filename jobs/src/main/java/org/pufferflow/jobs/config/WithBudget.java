package org.pufferflow.jobs.config;

import org.pufferflow.accounting.LedgerPolicy;

/** A mechanism section as read: its description and its budget. */
record WithBudget<S>(S spec, LedgerPolicy budget) {}
