package io.loadsmith.preset;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.NamedRowService;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.WarehouseEntity;
import io.loadsmith.entitytype.EntityType;
import io.loadsmith.entitytype.EntityTypeRepository;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.context.PlainValues;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadStep;
import io.loadsmith.names.Names;
import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.Violations;

/**
 * Load presets: saved steps and load options, offered for entity types and load types. A load
 * created from one gets a copy of them; later changes to the preset do not reach the load.
 */
@Service
@Transactional
public class LoadPresetService extends NamedRowService<LoadPreset, PresetResponse> {

    private final LoadPresetRepository presets;
    private final EntityTypeRepository entityTypes;
    private final MetadataPackageService packages;
    private final EntityService entities;
    private final LoadService loads;

    public LoadPresetService(LoadPresetRepository presets, EntityTypeRepository entityTypes,
                             MetadataPackageService packages, EntityService entities, LoadService loads, AuditTrail audit) {
        super(ObjectKind.LOAD_PRESET, presets, LoadPresetService::toResponse, audit);
        this.presets = presets;
        this.entityTypes = entityTypes;
        this.packages = packages;
        this.entities = entities;
        this.loads = loads;
    }

    /** The presets an entity type offers for a load type, in their order, the default first. */
    @Transactional(readOnly = true)
    public List<PresetResponse> offered(String entityType, LoadType loadType) {
        LoadType type = loadType == null ? LoadType.TRANSFORM_PERSIST : loadType;
        record Offer(LoadPreset preset, LoadPresetUse use) {
        }
        List<Offer> offers = new ArrayList<>();
        for (LoadPreset p : presets.findAll(Sort.by("name"))) {
            p.getUses().stream().filter(u -> u.getLoadType() == type && u.getEntityType().getName().equals(entityType))
                    .findFirst().ifPresent(u -> offers.add(new Offer(p, u)));
        }
        offers.sort(Comparator.comparing((Offer o) -> !o.use().isPreferred()).thenComparingInt(o -> o.use().getPosition()));
        if (offers.isEmpty() && type == LoadType.TRANSFORM_PERSIST) {
            // A type with no preset of its own offers the shipped ones that name it (V18__shipped_presets.sql).
            return presets.findAll(Sort.by("name")).stream().filter(p -> p.offeredTo(entityType))
                    .map(LoadPresetService::toResponse).toList();
        }
        return offers.stream().map(o -> toResponse(o.preset())).toList();
    }

    /** Each preset's offered-to type names (see {@link #offeredToTypes(long)}), by id; presets with none left out. */
    @Transactional(readOnly = true)
    public Map<Long, String> offeredToTypesById() {
        Map<Long, String> byId = new java.util.HashMap<>();
        presets.findAll().forEach(p -> {
            if (p.getOfferedToTypes() != null && !p.getOfferedToTypes().isBlank()) {
                byId.put(p.getId(), p.getOfferedToTypes());
            }
        });
        return byId;
    }

    /** The entity type names a shipped preset is offered to while they have none of their own; null when none. */
    @Transactional(readOnly = true)
    public String offeredToTypes(long id) {
        return find(id).getOfferedToTypes();
    }

    /**
     * Entity type names as a form gives them (comma-separated), cleaned, or null for none; refused
     * (at {@code offeredToTypes}) unless each is an identifier. Check before saving anything.
     */
    public static String typeNames(String typeNames) {
        Violations violations = new Violations();
        List<String> names = typeNames == null ? List.of() : java.util.Arrays.stream(typeNames.split(","))
                .map(String::strip).filter(n -> !n.isEmpty()).toList();
        names.forEach(n -> Identifiers.check(violations, "offeredToTypes", n));
        violations.throwIfAny();
        return names.isEmpty() ? null : String.join(",", names);
    }

    /** Sets those names (see {@link #typeNames(String)}). */
    public void offerToTypes(long id, String typeNames) {
        String joined = typeNames(typeNames);
        LoadPreset preset = find(id);
        if (!java.util.Objects.equals(joined, preset.getOfferedToTypes())) {
            preset.offerToTypes(joined);
            presets.saveAndFlush(preset);
        }
    }

    public PresetResponse create(PresetRequest request) {
        return createNamed(request.name(), new LoadPreset(request.name()), preset -> apply(preset, request));
    }

    public PresetResponse update(long id, PresetRequest request) {
        return updateNamed(id, request.version(), request.name(), preset -> apply(preset, request));
    }

    public void delete(long id) {
        rows.delete(rows.find(id));
    }

    /**
     * Creates a load whose steps and options are the preset's: the one named, else the default of the
     * target's entity type for the load type. The load's own checks (template calls, names) apply.
     */
    public LoadResponse createLoad(LoadFromPresetRequest request) {
        WarehouseEntity target = entities.byQualifiedName("target", request.target());
        LoadType loadType = request.loadType() == null ? LoadType.TRANSFORM_PERSIST : request.loadType();
        LoadPreset preset;
        if (request.preset() != null && !request.preset().isBlank()) {
            preset = presets.findByName(request.preset()).orElseThrow(() -> InvalidRequestException.of("preset",
                    request.preset(), "names no load preset"));
        } else {
            EntityType type = target.getEntityType();
            if (type == null) {
                throw InvalidRequestException.of("preset", null,
                        "is required: the target '" + request.target() + "' has no entity type to offer a default");
            }
            List<PresetResponse> offered = offered(type.getName(), loadType);
            if (offered.isEmpty()) {
                throw InvalidRequestException.of("preset", null, "is required: entity type '" + type.getName()
                        + "' offers no preset for " + loadType);
            }
            preset = find(offered.get(0).id());
        }
        return loads.create(new LoadRequest(null, request.name(), request.target(), loadType, request.description(),
                request.sources(), preset.getSteps().stream().map(LoadStep::toJson)
                .toList(), preset.getOptions()));
    }

    private void apply(LoadPreset preset, PresetRequest r) {
        Violations violations = new Violations();
        Identifiers.check(violations, "name", r.name());
        PlainValues.check(violations, "options", r.options());
        Set<String> stepNames = new HashSet<>();
        for (int i = 0; i < r.steps().size(); i++) {
            Names.checkLabel(violations, "steps[" + i + "].name", r.steps().get(i).name());
            if (r.steps().get(i).name() != null && !stepNames.add(Names.normalize(r.steps().get(i).name()))) {
                violations.add("steps[" + i + "].name", r.steps().get(i).name(), "is the name of an earlier step");
            }
        }
        List<LoadPresetUse> uses = new ArrayList<>();
        java.util.Map<String, Integer> pairs = new java.util.HashMap<>();
        for (int i = 0; i < r.uses().size(); i++) {
            PresetRequest.Use use = r.uses().get(i);
            EntityType type = entityTypes.findByName(use.entityType()).orElse(null);
            if (type == null) {
                violations.add("uses[" + i + "].entityType", use.entityType(), "names no entity type");
                continue;
            }
            Integer earlier = pairs.putIfAbsent(use.entityType() + "/" + use.loadType(), i);
            if (earlier != null) {
                // Rows are numbered from 1 on the page.
                violations.add("uses[" + i + "]", use.entityType() + " " + use.loadType(),
                        "is listed twice: use " + (earlier + 1) + " names the same entity type and load type");
                continue;
            }
            uses.add(new LoadPresetUse(type, use.loadType(), use.position() == null ? i + 1 : use.position(),
                    Boolean.TRUE.equals(use.isDefault())));
        }
        violations.throwIfAny();
        MetadataPackage inPackage = r.packageName() == null ? null : packages.byName("packageName", r.packageName());
        preset.change(r.name(), r.description(), inPackage,
                r.steps().stream().map(LoadStep::of).toList(),
                r.options(), uses);
        // One default per entity type and load type: a preset made the default takes over from the others.
        presets.findAll().stream().filter(p -> !p.equals(preset)).forEach(other -> {
            List<LoadPresetUse> kept = other.getUses().stream().map(u -> uses.stream().anyMatch(mine -> mine.isPreferred()
                    && mine.getLoadType() == u.getLoadType() && mine.getEntityType().getId().equals(u.getEntityType().getId()))
                    && u.isPreferred() ? new LoadPresetUse(u.getEntityType(), u.getLoadType(), u.getPosition(), false) : u).toList();
            if (kept.stream().anyMatch(u -> !other.getUses().contains(u))) {
                other.change(other.getName(), other.getDescription(), other.getMetadataPackage(), other.getSteps(),
                        other.getOptions(), kept);
            }
        });
    }

    private LoadPreset find(long id) {
        return rows.find(id);
    }

    static PresetResponse toResponse(LoadPreset p) {
        return new PresetResponse(p.getId(), p.getVersion(), p.getName(), p.getDescription(),
                p.getMetadataPackage() == null ? null : p.getMetadataPackage().getName(),
                p.getSteps().stream().map(LoadStep::toJson).toList(),
                new TreeMap<>(p.getOptions()),
                p.getUses().stream().sorted(Comparator.comparing((LoadPresetUse u) -> u.getEntityType().getName())
                                .thenComparing(u -> u.getLoadType().name()).thenComparingInt(LoadPresetUse::getPosition))
                        .map(u -> new PresetRequest.Use(u.getEntityType().getName(), u.getLoadType(), u.getPosition(),
                                u.isPreferred())).toList());
    }

    /** For package snapshots: a package's presets as responses. */
    @Transactional(readOnly = true)
    public List<PresetResponse> ofPackage(String packageName) {
        return presets.findAll(Sort.by("name")).stream().filter(p -> p.getMetadataPackage() != null
                && p.getMetadataPackage().getName().equals(packageName)).map(LoadPresetService::toResponse).toList();
    }
}
