package io.loadsmith.packages;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationContext;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageRequest;
import io.loadsmith.problem.ConflictException;

/**
 * Two commits of the same package at the same moment (a commit reads the package in one snapshot,
 * then stores the version): one stores it, the other is told that another commit came first or that
 * nothing changed, never an error of the store's isolation. Seen on both stores: in every round the
 * two commits overlapped and the second was told "came first".
 */
public interface ConcurrentCommitsContract {

    ApplicationContext context();

    @Test
    default void ofTwoCommitsAtOnceOneStoresTheVersionAndTheOtherIsToldWhy() throws Exception {
        PackageVersionService versions = context().getBean(PackageVersionService.class);
        MetadataPackageService packages = context().getBean(MetadataPackageService.class);
        EntityService entities = context().getBean(EntityService.class);
        long pkg = packages.create(new PackageRequest(null, "Race_Pkg", null)).id();
        long entity = entities.create(new EntityRequest(null, "Race", "Race", "race", null, PhysicalType.TABLE, "Race_Pkg",
                null, null, List.of(new AttributeJson("id", "INTEGER8", null, null, null, false, null, null)))).id();
        // Two threads of its own: the common pool may have one (2 cores), and the commits must overlap.
        ExecutorService committers = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 5; round++) {
                entities.update(entity, new EntityRequest(entities.get(entity).version(), "Race", "Race", "race", null,
                        PhysicalType.TABLE, "Race_Pkg", "round " + round, null,
                        List.of(new AttributeJson("id", "INTEGER8", null, null, null, false, null, null))));
                CyclicBarrier together = new CyclicBarrier(2);
                List<CompletableFuture<Object>> commits = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    commits.add(CompletableFuture.supplyAsync(() -> {
                        try {
                            together.await(10, TimeUnit.SECONDS);
                            return versions.commit(pkg, "round");
                        } catch (RuntimeException e) {
                            return e;
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }, committers));
                }
                List<Object> outcomes = new ArrayList<>();
                for (CompletableFuture<Object> commit : commits) {
                    outcomes.add(commit.get(30, TimeUnit.SECONDS));
                }
                assertThat(outcomes).as("round %d", round)
                        .filteredOn(o -> o instanceof PackageVersionService.VersionInfo).hasSize(1);
                assertThat(outcomes).as("round %d", round).filteredOn(o -> !(o instanceof PackageVersionService.VersionInfo))
                        .singleElement().isInstanceOf(ConflictException.class)
                        .satisfies(e -> assertThat(((ConflictException) e).getMessage())
                                .containsAnyOf("Another commit of package 'Race_Pkg' came first", "is unchanged since version"));
            }
            assertThat(versions.list(pkg, org.springframework.data.domain.PageRequest.of(0, 10)).getTotalElements()).isEqualTo(5);
        } finally {
            committers.shutdownNow();
            entities.delete(entity);
            packages.delete(pkg);
        }
    }
}
