import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { DomainEventMap, DomainEventName } from '@towing/contracts';
import { OutboxEntity } from '@towing/db';
import { currentRequestId } from '@towing/platform';
import { OutboxRelay } from './outbox.relay.js';

/** A unit of work: its rows, its domain events and what to do once it has committed. */
export class UnitOfWork {
  readonly events: OutboxEntity[] = [];
  readonly afterCommitCallbacks: Array<() => void> = [];

  constructor(readonly manager: EntityManager) {}

  /** Writes the event to the outbox inside this transaction. */
  async record<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void> {
    const repository = this.manager.getRepository(OutboxEntity);
    this.events.push(await repository.save(repository.create({ name, payload, requestId: currentRequestId() ?? null })));
  }

  /** Runs once the transaction has committed, e.g. a socket push; never on rollback. */
  afterCommit(callback: () => void): void {
    this.afterCommitCallbacks.push(callback);
  }
}

@Injectable()
export class TransactionRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
  ) {}

  async run<T>(work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
    let unit!: UnitOfWork;
    const result = await this.dataSource.transaction(async (manager) => {
      unit = new UnitOfWork(manager);
      return work(unit);
    });
    for (const callback of unit.afterCommitCallbacks) callback();
    // The answer never waits for Redis; the sweep catches anything this misses.
    this.relay.publishCommitted(unit.events);
    return result;
  }

  /**
   * A change that ONE SQL statement makes, its outbox rows included (atomic by itself, so
   * without BEGIN and COMMIT round trips): `statement` gives back its result, the events it
   * wrote and what to do once it is done; the events are published as after any commit.
   */
  async runStatement<T>(statement: (manager: EntityManager) => Promise<StatementOutcome<T>>): Promise<T> {
    const { result, events, afterCommit } = await statement(this.dataSource.manager);
    afterCommit?.();
    this.relay.publishCommitted(events);
    return result;
  }
}

export interface StatementOutcome<T> {
  result: T;
  events: OutboxEntity[];
  afterCommit?: () => void;
}
